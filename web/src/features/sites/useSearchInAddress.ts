/**
 * The sites list's search: the text as typed, for the list (rendered as a transition, behind the
 * keystroke), and written into the address once typing pauses, so coming back from a site finds
 * it again. Written on every key, the address changed the router's location, and the whole app
 * rendered again behind each keystroke.
 */
import { startTransition, useEffect, useRef, useState } from "react";

/** How long typing pauses before the search is written into the address. */
export const SEARCH_TO_ADDRESS_MS = 400;

/**
 * `address`: the search the address holds; `write` puts a text there. Answers the text and its
 * setter. The address changed from elsewhere (the Sites link, a link with a search) shows.
 */
export function useSearchInAddress(address: string, write: (text: string) => void): [string, (text: string) => void] {
  // `heard`: the address as last seen; `written`: the text last put there from here.
  const [search, setSearch] = useState({ text: address, heard: address, written: address });
  if (address !== search.heard) {
    // Its own write coming back leaves the text alone: typing may have gone on meanwhile.
    setSearch(address === search.written ? { ...search, heard: address } : { text: address, heard: address, written: address });
  }

  // The newest writer, without restarting the pause each time the screen renders.
  const writer = useRef(write);
  useEffect(() => {
    writer.current = write;
  });
  useEffect(() => {
    if (search.text === search.written) return;
    const timer = setTimeout(() => {
      setSearch((current) => ({ ...current, written: search.text }));
      writer.current(search.text);
    }, SEARCH_TO_ADDRESS_MS);
    return () => clearTimeout(timer);
  }, [search.text, search.written]);

  return [search.text, (text) => startTransition(() => setSearch((current) => ({ ...current, text })))];
}
