// The admin lists as the client receives them: the answers of their routes, typed by the worker.
import type { Answer, api } from "../api";

export type Member = Answer<typeof api.admin.members.$get>[number];
export type Payment = Answer<typeof api.admin.payments.$get>[number];
export type AdminStats = Answer<typeof api.admin.stats.$get>;
