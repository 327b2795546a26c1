// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const ADMIN_TEXTS = {
  paymentsNotConfigured: (missing: string[]) =>
    `Payments are not configured: checkout answers 503 until ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} set (wrangler secret put NAME --env production).`,
  testPayment: "test",
  validateKeysFailed: "Failed to validate API keys",
  deleteMemberFailed: "Failed to delete member",
  addMemberFailed: "Failed to add member",
  deletePaymentFailed: "Failed to delete payment",
  clearPaymentsFailed: "Failed to clear payments",
  clearedPayments: "All payment records have been deleted successfully.",
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  memberExists: "A member with this email already exists",
  memberNotFound: "Member not found",
  cannotDeleteAdmin: "Admins cannot be deleted",
  cannotChangeOwnRole: "You cannot change your own role",
  paymentNotFound: "Payment not found",
  alreadyRefunded: "This payment has already been refunded",
  refundNotCompleted: "Only a completed payment can be refunded",
  refundRefused: "Transbank did not accept the refund. Nothing was changed.",
  loadFailed: "Failed to load admin data",
  updateRoleFailed: "Failed to update role",
  contentPlaceholder:
    "Reported posts, comments and messages are in the Moderation tab; every admin action is in the Audit tab.",
  keysHint:
    "Troubleshooting: check that each key is set as a worker secret (OPENAI_API_KEY, GEMINI_API_KEY, STRAICO_API_KEY), has no extra spaces, and is still active in the provider's dashboard.",
} as const;
