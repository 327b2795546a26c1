// The certificate of a finished program: a PDF in the app's embedded Unicode font (client/components/pdf-writer.ts),
// with the member's name, the program and the date it was finished.
import { formatDate } from "../components/format";
import { saveBlob } from "../resources/export";
import { TEXT } from "../text";

export type CertificateInput = { memberName: string; programTitle: string; finishedAt: string };

export async function certificatePdf(input: CertificateInput): Promise<Blob> {
  const { createPdfWriter } = await import("../components/pdf-writer");
  const T = TEXT.programs;
  const pdf = await createPdfWriter();
  pdf.title(T.certificateTitle);
  pdf.gap();
  pdf.text(T.certificateLine(input.memberName));
  pdf.text(T.certificateProgram(input.programTitle));
  pdf.text(T.certificateDate(formatDate(input.finishedAt)));
  return pdf.blob();
}

export async function downloadCertificate(input: CertificateInput, programId: number) {
  saveBlob(await certificatePdf(input), `certificate-program-${programId}.pdf`);
}
