/** A link preview's place while it loads (the list holds it until the card's code arrives, the card until its data). */
export const PreviewLoading = () => <div className="link-preview link-preview-loading" aria-hidden="true" />;
