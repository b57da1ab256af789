/**
 * Strings of the sync status: the settings panel's figures, and the header's line saying what waits
 * on this device and why sync fails.
 */
export const sync = {
  checkingForUpdates: "Checking for updates...",
  upToDateAsOf: "Up to date as of {time}",
  never: "Never",
  syncing: "Syncing",
  syncNow: "Sync Now",
  online: "online",
  offline: "offline",
  syncStatus: "Sync",
  lastDownload: "Last download",
  lastUpload: "Last upload",
  lastTry: "Last try",
  lastTrySucceeded: "succeeded",
  lastTryFailed: "failed",
  syncOneChangeWaiting: "1 change waiting to send",
  syncChangesWaiting: "{count} changes waiting to send",
  syncSendingOneChange: "Sending 1 change...",
  syncSendingChanges: "Sending {count} changes...",
  syncFailedBecause: "Sync failed: {reason}",
  syncOneChangeNotSent: "1 change not sent: {reason}",
  syncChangesNotSent: "{count} changes not sent: {reason}",
  lastSynced: "Last synced {time}",
  notSyncedYet: "Not synced yet",
  syncShortWaiting: "{count} waiting",
  syncShortNotSent: "{count} not sent",
  syncShortFailed: "Sync failed",
  syncLive: "Live",
  syncLiveUpdates: "Live updates",
  syncChecksEveryMinute: "Checks for updates every minute",
};
