// The words of the library's dialogs in Spanish (Chile): dialog-words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "libraryDialogs"> = {
  libraryDialogs: {
    titleLabel: "Título",
    descriptionLabel: "Descripción",
    descriptionOptional: "Descripción (opcional)",
    tagsInput: "Etiquetas (separadas por comas)",
    tagsPlaceholder: "meditación, guía",
    uploadTitle: "Subir un recurso",
    dropHere: "Arrastra y suelta un archivo aquí, o",
    chooseFile: "Elegir un archivo",
    chooseAnother: "Elegir otro archivo",
    acceptedFiles: "Imágenes, video, audio, PDF, texto, documentos Word, ZIP o RAR; hasta 50 MB.",
    uploadProgress: (percent) => `Subiendo... ${percent}%`,
    uploading: "Subiendo",
    editTitle: "Editar el recurso",
    saveChanges: "Guardar cambios",
    saving: "Guardando",
  },
};
