// A library file and its row, stored together (uploads and AI output alike).
import type { Database } from "../../db/client";
import { storeBlobWithRow } from "../../platform/uploads";
import { insertResource, type ResourceRow } from "./queries";

export type StoreResourceInput = {
  title: string;
  description: string | null;
  tags: string[];
  fileName: string;
  fileType: string;
  kind: ResourceRow["kind"];
  owner: { id: number; name: string };
  /** A stream needs its exact size (R2 requires the length). */
  body: ReadableStream | ArrayBuffer | Uint8Array;
  size: number;
};

/** Stores a file in R2 and its row in D1; if the row cannot be written the object is deleted again. */
export function storeResource(db: Database, bucket: R2Bucket, input: StoreResourceInput) {
  const blob = {
    prefix: "resources" as const,
    body: input.body,
    size: input.size,
    contentType: input.fileType,
    fileName: input.fileName,
  };
  return storeBlobWithRow(bucket, blob, (key) =>
    insertResource(db, {
      title: input.title,
      description: input.description,
      fileKey: key,
      fileName: input.fileName,
      fileType: input.fileType,
      fileSize: input.size,
      kind: input.kind,
      tags: JSON.stringify(input.tags),
      ownerId: input.owner.id,
      ownerName: input.owner.name,
    }),
  );
}
