// The chat's channel dialogs' words in English (creating, managing, a private channel's members), loaded with the
// dialogs (client/i18n/language.ts WORDS: channelDialogs). dialog-words.es.ts is the same in Spanish.

export const words = {
  /** The create and manage dialogs' form. */
  channelDialog: {
    manageTitle: (name: string) => `Manage #${name}`,
    nameLabel: "Channel name",
    descriptionLabel: "Description (optional)",
    privateLabel: "Private channel (only you, the members you add and admins can see it)",
    creating: "Creating channel",
    delete: "Delete channel",
    save: "Save changes",
    saving: "Saving changes",
  },
  /** A private channel's members and invitations (the manage dialog). */
  channelMembers: {
    title: "Members",
    loading: "Loading members",
    loadFailed: "Could not load the members.",
    empty: "No members or invitations yet.",
    emailLabel: "Email to invite",
    emailPlaceholder: "member@example.com",
    invite: "Invite",
    invitedNote: "Invited people join the next time they open the app or sign in.",
    sent: (email: string) => `Invitation sent to ${email}.`,
    invitedBadge: "Invited",
    remove: "Remove",
    removeLabel: (email: string) => `Remove ${email}`,
    revoke: "Revoke",
    revokeLabel: (email: string) => `Revoke the invitation of ${email}`,
    revokeFailed: "Failed to revoke the invitation",
  },
};
