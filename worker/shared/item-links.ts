// Where an item opens in the app (a search result, a notification, a copied link): the query parameters
// the screens read and each kind's address. A module apart from search.ts: the screens draw these links
// on their first paint, the search dialog's code (result kinds, snippets) loads when it is opened.

/** Query parameters the screens read to open a search result in context. */
export const OPEN_PARAMS = {
  post: "post",
  comment: "comment",
  group: "group",
  message: "message",
  resource: "resource",
} as const;

export const searchResultUrl = {
  post: (postId: number) => `/app/lounge?${OPEN_PARAMS.post}=${postId}`,
  comment: (postId: number, commentId: number) =>
    `/app/lounge?${OPEN_PARAMS.post}=${postId}&${OPEN_PARAMS.comment}=${commentId}`,
  message: (groupId: number, messageId: number) =>
    `/app/chat?${OPEN_PARAMS.group}=${groupId}&${OPEN_PARAMS.message}=${messageId}`,
  resource: (resourceId: number) => `/app/resources?${OPEN_PARAMS.resource}=${resourceId}`,
  event: (eventId: number) => `/app/events/${eventId}`,
  program: (programId: number) => `/app/programs/${programId}`,
  lesson: (programId: number, lessonId: number) => `/app/programs/${programId}/lessons/${lessonId}`,
};
