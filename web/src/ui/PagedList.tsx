/**
 * A list that renders the first 50 items (§9) and a 'See More' button adding 50 more, so long
 * lists stay quick on a phone. A new `items` array (a new search or tab) starts again at 50,
 * so callers pass a memoised array.
 */
import { Box, Button, List } from "@mui/material";
import { Fragment, useState, type Key, type ReactNode } from "react";
import { t } from "../lib/strings";

export const PAGE_SIZE = 50;

export interface PagedListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => Key;
  /** One row of the list, an `li`: a `ListItem` with a `ListItemButton` inside for a clickable row, or plain elements styled by a wrapper round the list. */
  renderItem: (item: T) => ReactNode;
  /** Shown instead of the list when there are no items. */
  empty: ReactNode;
}

export function PagedList<T>({ items, itemKey, renderItem, empty }: PagedListProps<T>) {
  const [shown, setShown] = useState({ items, count: PAGE_SIZE });
  // Reset during render rather than in an effect, so a new search never paints the old count.
  if (shown.items !== items) setShown({ items, count: PAGE_SIZE });
  const count = shown.items === items ? shown.count : PAGE_SIZE;

  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      <List disablePadding>
        {items.slice(0, count).map((item) => (
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </List>
      {count < items.length && (
        <Box sx={{ display: "flex", justifyContent: "center", p: 4 }}>
          <Button variant="outlined" onClick={() => setShown({ items, count: count + PAGE_SIZE })}>
            {t("seeMore")}
          </Button>
        </Box>
      )}
    </>
  );
}
