/** The files client of the signed-in user's organisation. */
import { useMemo, useRef } from "react";
import { useAuth } from "../auth/AuthProvider";
import { type FilesClient, createFilesClient } from "./files";

export function useFiles(): FilesClient {
  const { client, user } = useAuth();
  // The client object changes with each token refresh; calls always go through the latest.
  const latest = useRef(client);
  latest.current = client;
  const orgId = user?.orgId ?? "";
  return useMemo(() => createFilesClient({ request: (...args) => latest.current.request(...args) }, orgId), [orgId]);
}
