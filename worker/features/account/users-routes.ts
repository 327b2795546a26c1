import { toUserDto } from "../../db/users";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";

export const userRoutes = createRouter()
  .get("/users/me", requireUser, (c) => c.json(toUserDto(c.var.user)))
  /** Liveness for deploy checks and the benchmark's baseline: no database, no session needed. */
  .get("/health", (c) => c.json({ ok: true }));
