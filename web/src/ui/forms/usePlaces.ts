/** The place data of `domain/places.ts` for a form: null while its chunk loads (quick, and offline too). */
import { useEffect, useState } from "react";
import { type Places, loadPlaces, loadedPlaces } from "../../domain/places";

export function usePlaces(): Places | null {
  const [places, setPlaces] = useState<Places | null>(loadedPlaces);
  useEffect(() => {
    if (places) return undefined;
    let mounted = true;
    loadPlaces().then(
      (data) => mounted && setPlaces(data),
      (error: unknown) => console.error("Could not load the country list", error),
    );
    return () => {
      mounted = false;
    };
  }, [places]);
  return places;
}
