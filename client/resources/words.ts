// The words of library in English, loaded with the screens that show them (client/i18n/language.ts
// WORDS; docs/client.md "Words"). words.es.ts is the same in Spanish.

import { RESOURCES_TEXTS } from "../../worker/shared/texts/resources";

export const words = {
  /** The spec's texts of the library (docs/spec.md). */
  resources: RESOURCES_TEXTS,
  library: {
    heading: "Resource Library",
    lead: "Guides, meditations and wisdom for your cosmic journey.",
    aiGenerate: "AI Generate",
    upload: "Upload",
    searchLabel: "Search resources",
    searchPlaceholder: "Search by title, description or tag",
    searching: "Searching the library",
    tagsLabel: "Filter by tag",
    allTags: "All",
    emptyText: "Upload the first resource or generate one with AI.",
    noResultsText: "Try another search or tag.",
    loadingMore: "Loading more resources",
    moreFailed: "Could not load more resources.",
    uploaded: "Resource uploaded",
    summaryLabel: "Library summary",
    total: "Total Resources",
    categories: "Categories",
    unlimited: "Unlimited",
    possibilities: "Possibilities",
    /** docs/spec.md §2: the card's type label (or the file extension). */
    typeLabels: {
      aiText: "AI Text",
      aiImage: "AI Image",
      audio: "Audio",
      video: "Video",
      image: "Image",
      file: "File",
    },
    tagsList: "Tags",
    byOwner: (name: string) => `By ${name}`,
    play: (title: string) => `Play ${title}`,
    contentOf: (title: string) => `Content of ${title}`,
    pdf: "PDF",
    jpeg: "JPEG",
    downloadPdf: (title: string) => `Download ${title} as PDF`,
    preparingPdf: "Preparing PDF",
    downloadJpeg: (title: string) => `Download ${title} as JPEG`,
    preparingJpeg: "Preparing JPEG",
    loadingContent: "Loading content",
    showContent: "Show content",
    hideContent: "Hide content",
    original: "Original",
    downloadOriginal: (fileName: string) => `Download original ${fileName}`,
    edit: "Edit",
    editLabel: (title: string) => `Edit ${title}`,
    deleteLabel: (title: string) => `Delete ${title}`,
  },
};
