/**
 * The §2 tabbed pane: a title bar (with a spinner while syncing and room for buttons), an
 * optional search box, the selected tab's content, and the tab buttons along the bottom, each
 * with its badge number. The screen owns the selected tab and the search text.
 */
import { Badge, Box, CircularProgress, Paper, Tab, Tabs, TextField, Toolbar, Typography } from "@mui/material";
import { useId, type ReactNode } from "react";
import { t } from "../app/strings";

export interface PaneTab {
  value: string;
  label: string;
  /** The number shown on the tab button; nothing shows for 0 or none. */
  badge?: number;
}

export interface PaneSearch {
  value: string;
  onChange: (text: string) => void;
}

export interface TabbedPaneProps {
  title: ReactNode;
  /** h1 when the pane is the page's main content, h2 beside other panes. */
  headingLevel?: "h1" | "h2";
  tabs: PaneTab[];
  selectedTab: string;
  onTabChange: (value: string) => void;
  /** Shows the search box, for the tabs that have one. */
  search?: PaneSearch;
  syncing?: boolean;
  /** Buttons at the end of the title bar, such as Add Equipment. */
  actions?: ReactNode;
  children: ReactNode;
}

export function TabbedPane({ title, headingLevel = "h2", tabs, selectedTab, onTabChange, search, syncing = false, actions, children }: TabbedPaneProps) {
  const id = useId();
  const tabId = (value: string) => `${id}-tab-${value}`;
  const badgeId = (value: string) => `${id}-badge-${value}`;
  const hasTabs = tabs.length > 0;

  return (
    <Paper sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0, overflow: "hidden" }}>
      <Toolbar variant="dense" sx={{ gap: 3 }}>
        <Typography variant="h6" component={headingLevel} noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {syncing && <CircularProgress size={20} aria-label={t("syncing")} />}
        {actions}
      </Toolbar>
      {search && (
        <Box sx={{ px: 4, pb: 3 }}>
          <TextField
            label={t("search")}
            type="search"
            size="small"
            fullWidth
            value={search.value}
            onChange={(event) => search.onChange(event.target.value)}
          />
        </Box>
      )}
      <Box
        role={hasTabs ? "tabpanel" : undefined}
        aria-labelledby={hasTabs ? tabId(selectedTab) : undefined}
        sx={{ flex: 1, minHeight: 0, overflowY: "auto" }}
      >
        {children}
      </Box>
      {hasTabs && (
        <Tabs
          value={selectedTab}
          onChange={(_event, value: string) => onTabChange(value)}
          variant="fullWidth"
          sx={{ borderTop: 1, borderColor: "divider", flexShrink: 0 }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.value}
              value={tab.value}
              id={tabId(tab.value)}
              aria-label={tab.label}
              aria-describedby={tab.badge ? badgeId(tab.value) : undefined}
              sx={{ minWidth: 0, px: 3 }}
              label={
                <Badge badgeContent={tab.badge} color="primary" max={999} slotProps={{ badge: { id: badgeId(tab.value) } }} sx={{ pr: tab.badge ? 5 : 0 }}>
                  {tab.label}
                </Badge>
              }
            />
          ))}
        </Tabs>
      )}
    </Paper>
  );
}
