/** Strings of error messages of spec §8, shown as the spec words them. */
export const errors = {
  deviceOffline: "Device is offline",
  serverError: "Server error",
  noMessageFromApi: "No message sent from api",
  refreshTokenDeletedOrFake: "Refresh token deleted or fake",
  noRefreshToken: "No refresh token on file",
  syncFailed: "An error happened while syncing",
  syncStaleUnreadable: "A newer change to this record is on the server, so this change was not saved.",
  crashed: "An error ocurred while trying to show this page.",
  reload: "Reload",
  databaseDestroyed: "database is destroyed",
};
