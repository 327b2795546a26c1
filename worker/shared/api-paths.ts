// The API's file addresses that answers carry (a message's image, a resource's file), next to the
// in-app addresses of search results (search.ts) and notifications (notifications.ts).

export const messageImagePath = (messageId: number) => `/api/messages/${messageId}/image`;

/**
 * Where the client fetches a resource's file: the authenticated file route, or the provider's URL when
 * only that was kept.
 */
export const resourceFileUrl = (r: { id: number; fileKey: string | null; externalUrl: string | null }) =>
  r.fileKey ? `/api/resources/${r.id}/file` : (r.externalUrl ?? `/api/resources/${r.id}/file`);
