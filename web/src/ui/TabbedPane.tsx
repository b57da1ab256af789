/**
 * The §2 tabbed pane: a title bar (with a spinner while syncing and room for buttons), an
 * optional search box, the selected tab's content, and the tab buttons along the bottom, each
 * with its badge number; on a phone they stay pinned to the bottom of the screen while the
 * list scrolls. The screen owns the selected tab and the search text.
 */
import { Badge, Box, InputAdornment, OutlinedInput, Paper, badgeClasses, Tab, Tabs, Toolbar, Typography } from "@mui/material";
import { startTransition, useId, useOptimistic, type ReactNode } from "react";
import { t } from "../lib/strings";
import { SearchIcon } from "./icons";
import { SyncSpinner } from "./SyncSpinner";
import { VisuallyHidden } from "./VisuallyHidden";

export interface PaneTab {
  value: string;
  label: string;
  /** The number shown on the tab button; nothing shows for 0 or none. */
  badge?: number;
}

export interface PaneSearch {
  value: string;
  /** Called in a transition; it must set the screen's state at once (not after an await), or the box falls back to `value` when the transition ends. */
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
  /** The content is still loading (the first sync): said to assistive technology. */
  busy?: boolean;
  children: ReactNode;
}

/** The room the pinned tabs take at the end of the pane on a phone: a tab's 48 px and the home indicator. */
const PINNED_TABS_ROOM = "calc(48px + env(safe-area-inset-bottom))";

export function TabbedPane({ title, headingLevel = "h2", tabs, selectedTab, onTabChange, search, syncing = false, actions, busy = false, children }: TabbedPaneProps) {
  const id = useId();
  const tabId = (value: string) => `${id}-tab-${value}`;
  const hasTabs = tabs.length > 0;

  return (
    <Paper sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0, overflow: "hidden", pb: hasTabs ? { xs: PINNED_TABS_ROOM, sm: 0 } : 0 }}>
      <Toolbar variant="dense" sx={{ gap: 3 }}>
        <Typography variant="h6" component={headingLevel} noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {syncing && <SyncSpinner label={t("syncing")} />}
        {actions}
      </Toolbar>
      {search && (
        <Box sx={{ px: 4, pb: 3 }}>
          <SearchBox {...search} />
        </Box>
      )}
      <Box
        role={hasTabs ? "tabpanel" : undefined}
        aria-labelledby={hasTabs ? tabId(selectedTab) : undefined}
        aria-busy={busy || undefined}
        sx={{ flex: 1, minHeight: 0, overflowY: "auto" }}
      >
        {children}
      </Box>
      {hasTabs && (
        <Tabs
          value={selectedTab}
          onChange={(_event, value: string) => onTabChange(value)}
          variant="fullWidth"
          sx={{
            borderTop: 1,
            borderColor: "divider",
            flexShrink: 0,
            bgcolor: "background.paper",
            // A phone's bottom tab bar: fixed over the page, clear of the home indicator.
            position: { xs: "fixed", sm: "static" },
            left: 0,
            right: 0,
            bottom: 0,
            zIndex: "appBar",
            pb: { xs: "env(safe-area-inset-bottom)", sm: 0 },
          }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.value}
              value={tab.value}
              id={tabId(tab.value)}
              sx={{ minWidth: 0, px: 3 }}
              label={
                // Named by what it shows: the label, then the count (the badge itself is hidden
                // from screen readers, so the count is said once, a space apart).
                <Badge badgeContent={tab.badge} color="primary" max={999} sx={{ pr: tab.badge ? 5 : 0, [`& .${badgeClasses.badge}`]: { transition: "none" } }}>
                  {tab.label}
                  {tab.badge ? (
                    <>
                      {" "}
                      <VisuallyHidden>{tab.badge}</VisuallyHidden>
                    </>
                  ) : null}
                </Badge>
              }
            />
          ))}
        </Tabs>
      )}
    </Paper>
  );
}

/**
 * The pane's search box. A key shows at once, in a render of the box alone; the screen hears
 * the text in a transition, so its render (the tabs' badges, the list) gives way to the next
 * key and never holds up the frame that shows this one. A search bar, named by a placeholder
 * and a magnifier (and by its label for assistive technology) rather than a floating label,
 * which slides for 0.2 s as the box takes the focus: right as typing starts, and on a first
 * download while the page is busiest.
 */
function SearchBox({ value, onChange }: PaneSearch) {
  const [shown, show] = useOptimistic(value);
  // A bare input, not a text field: its form control would render the box again, at once, as
  // the first key fills it and as the last empties it, for a label this bar does not have.
  return (
    <OutlinedInput
      type="search"
      size="small"
      fullWidth
      placeholder={t("search")}
      // The box's only visible name: in the secondary text's colour (4.5:1 and more), not MUI's
      // faded placeholder (about 2.5:1).
      sx={{ "& input::placeholder": { color: "text.secondary", opacity: 1 } }}
      inputProps={{ "aria-label": t("search") }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
      value={shown}
      onChange={(event) => {
        const text = event.target.value;
        startTransition(() => {
          show(text);
          onChange(text);
        });
      }}
    />
  );
}
