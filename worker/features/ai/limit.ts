import { limitPerUser } from "../../platform/rate-limit";
import { errorText } from "../../shared/texts";
import { aiCallsPerHour } from "./providers";

const HOUR_SECONDS = 60 * 60;

/** Cost control for the AI generation routes: AI_CALLS_PER_HOUR calls per user per hour (default 20). */
export const limitAiCalls = limitPerUser("ai", aiCallsPerHour, HOUR_SECONDS, (retryAfter, limit) =>
  errorText("ai_rate_limited", limit, "hour", Math.ceil(retryAfter / 60)),
);
