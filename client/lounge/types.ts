import type { InferResponseType } from "hono/client";
import type { api } from "../api";

export type Post = InferResponseType<typeof api.posts.$get, 200>[number];
export type Comment = InferResponseType<(typeof api.posts)[":id"]["comments"]["$get"], 200>[number];
export type Notice = InferResponseType<(typeof api)["cosmic-notices"]["$get"], 200>[number];
