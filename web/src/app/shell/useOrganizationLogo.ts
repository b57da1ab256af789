/**
 * The address of the organisation's logo file: the file name on the organisation record,
 * turned into a read URL by `POST /organizations/{orgId}/signed-urls` (§7). Null while
 * unresolved, when there is no logo, or when the URL cannot be had (offline on first use).
 */
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../../auth/AuthProvider";
import type { Organization } from "../navigation";

export function useOrganizationLogo(org: Organization | null): string | null {
  const { client } = useAuth();
  // The client changes with every token refresh; the logo must not be fetched again for that.
  const clientRef = useRef(client);
  clientRef.current = client;
  const [url, setUrl] = useState<string | null>(null);
  const fileName = typeof org?.logo === "string" && org.logo.trim() ? org.logo : null;
  const orgId = org?.id;

  useEffect(() => {
    setUrl(null);
    if (!fileName || !orgId) return;
    let live = true;
    clientRef.current
      .request<{ url: string }>("POST", `/organizations/${orgId}/signed-urls`, { body: { folderName: "logos", action: "read", fileName } })
      .then((answer) => live && setUrl(answer.url))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [fileName, orgId]);

  return url;
}
