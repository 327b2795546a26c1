// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
import { MEMBERSHIP } from "../rules";

export const RESOURCES_TEXTS = {
  accessDenied: "Access denied",
  membershipRequired: "An active membership is required to access premium resources.",
  loadFailed: "Failed to load resources",
  uploadFailed: "Failed to upload file",
  readFailed: "Failed to read file",
  processFailed: "Failed to process file",
  deleteFailed: "Failed to delete resource",
  updateFailed: "Failed to update resource",
  typeNotSupported: "File type not supported. Please upload images, videos, audio, documents, or archives.",
  tooLarge: "File must be smaller than 50MB",
  titleRequired: "Title is required",
  fileRequired: "Please choose a file to upload",
  lockedTitle: "Premium Resources Access Required",
  lockedPrice: `Monthly Access: ${MEMBERSHIP.priceLabel}`,
  lockedPeriod: `Pay once every ${MEMBERSHIP.periodDays} days for unlimited access`,
  lockedButton: `Get ${MEMBERSHIP.periodDays}-Day Access - ${MEMBERSHIP.priceLabel}`,
  emptyTitle: "No Resources Yet",
  noResultsTitle: "No Results Found",
  titlePlaceholder: "Auto-generated if left blank",
  geminiImagesSoon: "Coming Soon",
  geminiImagesSoonText: "Image generation with Gemini will be available soon.",
  contentFormatError:
    "Content format error: Unable to display this content properly. Please regenerate or contact support.",
} as const;
