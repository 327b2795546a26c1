// The API: one root app owning errors, the database handle and the session; one sub-app per feature.
// A feature under one prefix is mounted there (its routes are relative, as Hono's larger apps are
// structured); a feature spanning several prefixes (chat: /groups, /messages, /live; the lounge:
// /posts, /cosmic-notices; ...) declares its full paths under /api. The admin routes keep their full
// paths for now: their guard is `use("/admin/*")`, shared with the moderation queue's admin routes.

import { profileRoutes } from "./features/account/profile-routes";
import { accountRoutes } from "./features/account/routes";
import { userRoutes } from "./features/account/users-routes";
import { healthRoutes } from "./features/admin/health-routes";
import { adminRoutes } from "./features/admin/routes";
import { aiRoutes } from "./features/ai/routes";
import { authRoutes } from "./features/auth/routes";
import { directRoutes } from "./features/chat/direct-routes";
import { linkPreviewRoutes } from "./features/chat/link-preview-routes";
import { messageRoutes } from "./features/chat/message-routes";
import { chatRoutes } from "./features/chat/routes";
import { calendarRoutes } from "./features/events/calendar-routes";
import { eventRoutes } from "./features/events/routes";
import { resourceRoutes } from "./features/library/routes";
import { reactionRoutes } from "./features/lounge/reaction-routes";
import { loungeRoutes } from "./features/lounge/routes";
import { moderationRoutes } from "./features/moderation/routes";
import { deliverAfterResponse } from "./features/notifications/deliver";
import { notificationRoutes } from "./features/notifications/inbox-routes";
import { notificationSettingsRoutes } from "./features/notifications/settings-routes";
import { autorenewRoutes } from "./features/payments/autorenew-routes";
import { couponRoutes } from "./features/payments/coupons-routes";
import { giftRoutes } from "./features/payments/gifts-routes";
import { membershipRoutes } from "./features/payments/membership-routes";
import { planRoutes } from "./features/payments/plans-routes";
import { revenueRoutes } from "./features/payments/revenue-routes";
import { paymentRoutes } from "./features/payments/routes";
import { lessonRoutes } from "./features/programs/lesson-routes";
import { practiceRoutes } from "./features/programs/practice-routes";
import { programRoutes } from "./features/programs/routes";
import { searchRoutes } from "./features/search/routes";
import { loadSession } from "./platform/auth";
import { bodyGuard } from "./platform/body-guard";
import { createApp } from "./platform/create-app";
import { sameOriginOnly } from "./platform/csrf";
import { databaseSession } from "./platform/database";
import { localDevelopmentRoutes } from "./platform/local-development";
import { apiSecurityHeaders } from "./platform/security-headers";

const root = createApp();

export const app = root
  .basePath("/api")
  .use(apiSecurityHeaders)
  .use(sameOriginOnly)
  .use(bodyGuard)
  .use(databaseSession)
  .use(deliverAfterResponse)
  .use(loadSession)
  .route("/", authRoutes)
  .route("/", userRoutes)
  .route("/membership", membershipRoutes)
  .route("/ai", aiRoutes)
  .route("/", profileRoutes)
  .route("/admin", adminRoutes)
  .route("/resources", resourceRoutes)
  .route("/", loungeRoutes)
  .route("/", reactionRoutes)
  .route("/payments", paymentRoutes)
  .route("/", localDevelopmentRoutes)
  .route("/", autorenewRoutes)
  .route("/", chatRoutes)
  .route("/", messageRoutes)
  .route("/", directRoutes)
  .route("/", linkPreviewRoutes)
  .route("/search", searchRoutes)
  .route("/", notificationRoutes)
  .route("/", notificationSettingsRoutes)
  .route("/", healthRoutes)
  .route("/", moderationRoutes)
  .route("/", accountRoutes)
  .route("/", eventRoutes)
  .route("/", calendarRoutes)
  .route("/", planRoutes)
  .route("/", couponRoutes)
  .route("/", giftRoutes)
  .route("/", revenueRoutes)
  .route("/", programRoutes)
  .route("/", lessonRoutes)
  .route("/", practiceRoutes);

export type AppType = typeof app;
