/**
 * A settings list (equipment types, fields, site types…): a titled pane, an Add button for
 * those who may add, and one link per record, sorted by the caller.
 */
import { Button, List, ListItem, ListItemButton, ListItemText, Paper, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";

export interface RecordListItem {
  id: string;
  primary: string;
  secondary?: string;
  to: string;
}

export interface RecordListProps {
  title: string;
  headingLevel?: "h1" | "h2" | "h3";
  items: readonly RecordListItem[];
  empty: string;
  /** The Add button; left out when the user may not add. */
  add?: { label: string; to: string };
  selectedId?: string;
  children?: ReactNode;
}

export function RecordList({ title, headingLevel = "h2", items, empty, add, selectedId, children }: RecordListProps) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack direction="row" spacing={3} sx={{ alignItems: "center", justifyContent: "space-between", mb: 3, flexWrap: "wrap", rowGap: 3 }}>
        <Typography variant="h6" component={headingLevel}>
          {title}
        </Typography>
        {add && (
          <Button variant="contained" size="small" component={RouterLink} to={add.to}>
            {add.label}
          </Button>
        )}
      </Stack>
      {children}
      {items.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List disablePadding aria-label={title}>
          {items.map((item) => (
            <ListItem key={item.id} divider disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={item.id === selectedId}
                aria-current={item.id === selectedId ? "page" : undefined}
              >
                <ListItemText primary={item.primary} secondary={item.secondary} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
