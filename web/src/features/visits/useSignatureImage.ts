/**
 * The visit's signature by its file name: the device's own copy first (offline too), otherwise
 * the server's through a read link (kept for offline use). "missing" when neither has it yet.
 */
import { useEffect, useState } from "react";
import { loadImage } from "../../files/useImage";
import { useFiles } from "../../files/useFiles";
import { readLocalImage } from "../../offline/images";

export type SignatureImage = { state: "loading" } | { state: "ready"; url: string } | { state: "missing" };

export function useSignatureImage(fileName: string): SignatureImage {
  const files = useFiles();
  const [image, setImage] = useState<{ fileName: string; image: SignatureImage } | null>(null);

  useEffect(() => {
    let live = true;
    let url: string | null = null;
    readLocalImage(fileName)
      .catch(() => undefined)
      .then((local) => local?.blob ?? loadImage(files, "signatures", fileName))
      .then(
        (blob) => {
          if (!live) return;
          url = URL.createObjectURL(blob);
          setImage({ fileName, image: { state: "ready", url } });
        },
        () => live && setImage({ fileName, image: { state: "missing" } }),
      );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [files, fileName]);

  return image?.fileName === fileName ? image.image : { state: "loading" };
}
