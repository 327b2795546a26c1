// The admin lists as the client receives them (the worker's DTOs with dates as ISO strings).
import type { MemberDto, PaymentDto } from "../../worker/db/admin";

type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
export type Member = Wire<MemberDto>;
export type Payment = Wire<PaymentDto>;
