// The @mention autocomplete's data-only route (/data/mentions?q=&group_id=): the names GET
// /api/mentions offers (in a channel, only those who may read it).
import type { LoaderFunctionArgs } from "react-router";
import { api, unwrap } from "../api";

/** Answers which text it is for, so suggestions for an older text are never offered as current. */
export async function mentionsLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const groupId = params.get("group_id");
  try {
    const { members } = await unwrap(api.mentions.$get({ query: { q, ...(groupId ? { group_id: groupId } : {}) } }));
    return { q, members };
  } catch {
    return { q, members: [] };
  }
}
