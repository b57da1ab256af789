/**
 * What the header says of sync, in a technician's words: §2's 'Checking for updates...' or
 * 'Up to date as of {relative time}' while nothing waits; otherwise how many changes wait on
 * this device and when the last sync was; and when sync fails, how many changes were not sent
 * and why: the server's words, or 'offline' when nothing answers. Photos waiting to upload are
 * counted apart from changes ('3 photos waiting to send'). Never 'Up to date' while anything
 * waits.
 */
import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";
import type { SyncStatus } from "../../offline/sync/status";
import { t } from "../../lib/strings";

dayjs.extend(relativeTime);

export interface SyncStatusWords {
  /** One line: what waits, and what sync is doing or why it fails. */
  text: string;
  /** The same in a phone's bar: what waits, or that sync fails, in a word or two. */
  short: string;
  /** A second line for the details: when the last sync was, when the first line does not say. */
  detail?: string;
  /** The server answered with an error: the text says what it said. */
  failing: boolean;
  /** Nothing answers (or the browser says offline): said beside the text, as 'offline'. */
  offline: boolean;
  /** Offer Sync Now beside the text: sync is failing, or changes wait while offline. */
  syncNow: boolean;
}

const SEPARATOR = " · ";

/** 'a minute ago'; never a time to come, whatever the device's clock did since the time was kept. */
export function timeAgo(iso: string, now: number): string {
  return dayjs(Math.min(Date.parse(iso), now)).from(dayjs(now));
}

/** 'Up to date as of a few seconds ago', or with Never when nothing has come down yet. */
export function upToDateText(lastDownload: string | undefined, now: number): string {
  return t("upToDateAsOf", { time: lastDownload ? timeAgo(lastDownload, now) : t("never") });
}

function lastSyncedText({ lastSuccessfulDownloadDate: down, lastSuccessfulUploadDate: up }: SyncStatus, now: number): string {
  const last = [down, up].filter((date): date is string => !!date).sort().at(-1);
  return last ? t("lastSynced", { time: timeAgo(last, now) }) : t("notSyncedYet");
}

function waitingText(pending: number): string {
  return pending === 1 ? t("syncOneChangeWaiting") : t("syncChangesWaiting", { count: pending });
}

function photosText(photos: number): string {
  return photos === 1 ? t("syncOnePhotoWaiting") : t("syncPhotosWaiting", { count: photos });
}

/** `text`, then the photos that wait, if any. */
function withPhotos(text: string, photos: number): string {
  return photos > 0 ? `${text}${SEPARATOR}${photosText(photos)}` : text;
}

/** What is at risk and why, in that order: on a phone the end of a long reason is cut off. */
function failedText(pending: number, failureReason: string | undefined): string {
  const reason = failureReason ?? t("syncFailed");
  if (pending === 1) return t("syncOneChangeNotSent", { reason });
  if (pending > 1) return t("syncChangesNotSent", { count: pending, reason });
  return failureReason ? t("syncFailedBecause", { reason }) : reason;
}

/**
 * How changes made elsewhere reach this device: 'Live updates' while the change stream is held,
 * else 'Checks for updates every minute'; nothing while offline, which the status says already.
 */
export function syncModeText({ live, online }: SyncStatus): string | undefined {
  if (!online) return undefined;
  return live ? t("syncLiveUpdates") : t("syncChecksEveryMinute");
}

export function syncStatusWords(status: SyncStatus, now: number): SyncStatusWords {
  const { state, pending, online, failureReason } = status;
  const photos = status.waitingImages ?? 0;
  const offline = !online;
  if (state === "syncing") {
    const text = pending === 0 ? t("checkingForUpdates") : pending === 1 ? t("syncSendingOneChange") : t("syncSendingChanges", { count: pending });
    return { text: withPhotos(text, photos), short: text, failing: false, offline, syncNow: false };
  }
  // With no answer at all, 'offline' is the reason, in a technician's word.
  if (state === "error" && online) {
    return {
      text: withPhotos(failedText(pending, failureReason), photos),
      short: pending > 0 ? t("syncShortNotSent", { count: pending }) : t("syncShortFailed"),
      detail: lastSyncedText(status, now),
      failing: true,
      offline,
      syncNow: true,
    };
  }
  if (pending === 0 && photos === 0) {
    const text = upToDateText(status.lastSuccessfulDownloadDate, now);
    return { text, short: text, failing: false, offline, syncNow: false };
  }
  const waiting = [...(pending > 0 ? [waitingText(pending)] : []), ...(photos > 0 ? [photosText(photos)] : []), lastSyncedText(status, now)];
  return {
    text: waiting.join(SEPARATOR),
    short: pending > 0 ? t("syncShortWaiting", { count: pending }) : t("syncShortPhotosWaiting", { count: photos }),
    failing: false,
    offline,
    syncNow: offline,
  };
}
