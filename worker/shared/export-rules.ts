// The share popup's and the PDF export's layout (worker/shared/rules.ts re-exports them).

export const SHARE_POPUP = { width: 600, height: 400 } as const;

export const PDF_LAYOUT = { margin: 20, textWidth: 170, pageBreakY: 280, lineSpacing: 7 } as const;
