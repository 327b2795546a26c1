// The API: one root app owning errors, the database handle and the session; one sub-app per feature.
// Each sub-app declares its full paths under /api, so a feature may span several prefixes.
import { getDb } from "./db/client";
import { createApp } from "./lib/create-app";
import { loadSession } from "./middleware/auth";
import { sameOriginOnly } from "./middleware/csrf";
import { authRoutes } from "./routes/auth";
import { chatRoutes } from "./routes/chat";
import { linkPreviewRoutes } from "./routes/link-preview";
import { membershipRoutes } from "./routes/membership";
import { userRoutes } from "./routes/users";

const root = createApp();

export const app = root
  .basePath("/api")
  .use(sameOriginOnly)
  .use(async (c, next) => {
    c.set("db", getDb(c.env.DB));
    await next();
  })
  .use(loadSession)
  .route("/", authRoutes)
  .route("/", userRoutes)
  .route("/", membershipRoutes)
  .route("/", chatRoutes)
  .route("/", linkPreviewRoutes);

export type AppType = typeof app;
