/**
 * What the column-mapping screen needs from a CSV file before it goes to the server: its
 * header line's column names, and which column a field most likely is. The server parses the
 * whole file; here only the first record is read (quotes and doubled quotes as RFC 4180 has
 * them), so a small reader does and no CSV library is shipped to the browser for it.
 */

/** The column names of the file's first line, in order, empty names and repeats left out. */
export function csvHeaders(text: string): string[] {
  const headers: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.startsWith("\uFEFF") ? 1 : 0;
  for (; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      headers.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") break;
    else field += char;
  }
  headers.push(field);
  return [...new Set(headers.filter((name) => name.trim() !== ""))];
}

const squeeze = (text: string) => text.replace(/\s+/g, "").toLowerCase();

/** The header that names this field (its label or its key, ignoring case and spaces), or "". */
export function matchingHeader(field: { name: string; label: string }, headers: readonly string[]): string {
  const wanted = new Set([squeeze(field.label), squeeze(field.name)]);
  return headers.find((header) => wanted.has(squeeze(header))) ?? "";
}
