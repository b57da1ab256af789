/**
 * The address of the organisation's logo file: the file name on the organisation record,
 * turned into a read URL by `POST /organizations/{orgId}/signed-urls` (§7). Null while
 * unresolved, when there is no logo, or when the URL cannot be had (offline on first use).
 */
import { useEffect, useState } from "react";
import { useAuth } from "../../auth/AuthProvider";
import type { Organization } from "../navigation";

export function useOrganizationLogo(org: Organization | null): string | null {
  const { client } = useAuth();
  const [url, setUrl] = useState<string | null>(null);
  const fileName = typeof org?.logo === "string" && org.logo.trim() ? org.logo : null;
  const orgId = org?.id;

  useEffect(() => {
    setUrl(null);
    if (!fileName || !orgId) return;
    let live = true;
    client
      .request<{ url: string }>("POST", `/organizations/${orgId}/signed-urls`, { body: { folderName: "logos", action: "read", fileName } })
      .then((answer) => live && setUrl(answer.url))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [client, fileName, orgId]);

  return url;
}
