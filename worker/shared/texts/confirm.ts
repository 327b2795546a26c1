// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
export const CONFIRM_TEXTS = {
  deletePost: "Are you sure you want to delete this post? This action cannot be undone.",
  deleteNotice: "Are you sure you want to delete this cosmic notice? This action cannot be undone.",
  deleteChannel: "Are you sure you want to delete this channel? All of its messages will be permanently deleted.",
  deleteResource: "Are you sure you want to delete this resource?",
  deleteMember: "Are you sure you want to delete this member? This action cannot be undone.",
  deletePayment: "Are you sure you want to delete this payment record?",
  clearPayments: "Are you sure you want to delete ALL payment records? This action cannot be undone.",
} as const;
