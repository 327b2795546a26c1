// The words of the library's upload, edit and AI dialogs' fields in English, loaded with those dialogs
// (client/resources/ResourcesPage.tsx; client/i18n/language.ts WORDS). dialog-words.es.ts is the same in Spanish.
export const words = {
  libraryDialogs: {
    titleLabel: "Title",
    descriptionLabel: "Description",
    descriptionOptional: "Description (optional)",
    tagsInput: "Tags (comma separated)",
    tagsPlaceholder: "meditation, guide",
    uploadTitle: "Upload Resource",
    dropHere: "Drag and drop a file here, or",
    chooseFile: "Choose file",
    chooseAnother: "Choose another file",
    acceptedFiles: "Images, video, audio, PDF, text, Word documents, ZIP or RAR; up to 50MB.",
    uploadProgress: (percent: number) => `Uploading... ${percent}%`,
    uploading: "Uploading",
    editTitle: "Edit Resource",
    saveChanges: "Save Changes",
    saving: "Saving",
  },
};
