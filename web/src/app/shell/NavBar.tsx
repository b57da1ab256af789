/**
 * The navigation bar of §2. Desktop: one button per group, a menu for a group's sub-items.
 * Mobile and tablet: a menu button opening a drawer with every group, each once, its items
 * under it, and below them what the shell puts there (on a phone: logout and the footer).
 */
import { Box, Button, Divider, Drawer, IconButton, List, ListItemButton, ListItemText, Menu, MenuItem, SvgIcon } from "@mui/material";
import { type ReactNode, useState } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import type { NavGroup, NavItem } from "../navigation";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";

function linkProps(item: NavItem) {
  return item.external ? { component: "a" as const, href: item.path, target: "_blank", rel: "noopener" } : { component: RouterLink, to: item.path };
}

function GroupButton({ group, active }: { group: NavGroup; active: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (group.items.length === 0) {
    return (
      <Button color="inherit" {...linkProps(group)} aria-current={active ? "page" : undefined} sx={{ fontWeight: active ? 700 : 400 }}>
        {group.title}
      </Button>
    );
  }
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ fontWeight: active ? 700 : 400 }}
      >
        {group.title}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem {...linkProps(group)} onClick={() => setAnchor(null)}>
          {group.title}
        </MenuItem>
        {group.items.map((item) => (
          <MenuItem key={item.path} {...linkProps(item)} onClick={() => setAnchor(null)}>
            {item.title}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

const MenuIcon = () => (
  <SvgIcon>
    <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
  </SvgIcon>
);

export function NavBar({ groups, menuExtras }: { groups: NavGroup[]; menuExtras?: ReactNode }) {
  const device = useDevice();
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  const isActive = (group: NavGroup) => [group, ...group.items].some((i) => pathname === i.path || pathname.startsWith(`${i.path}/`));

  if (device === "desktop") {
    return (
      <Box component="nav" aria-label={t("navigation")} sx={{ display: "flex", gap: 2 }}>
        {groups.map((group) => (
          <GroupButton key={group.path} group={group} active={isActive(group)} />
        ))}
      </Box>
    );
  }
  return (
    <>
      <IconButton color="inherit" aria-label={t("menu")} onClick={() => setDrawer(true)}>
        <MenuIcon />
      </IconButton>
      <Drawer open={drawer} onClose={() => setDrawer(false)} slotProps={{ paper: { sx: { width: 260 } } }}>
        <Box component="nav" aria-label={t("navigation")}>
          {groups.map((group, index) => (
            <List key={group.path} disablePadding>
              {index > 0 && <Divider />}
              {[group, ...group.items].map((item) => (
                <ListItemButton
                  key={item.path}
                  {...linkProps(item)}
                  selected={pathname === item.path}
                  aria-current={pathname === item.path ? "page" : undefined}
                  onClick={() => setDrawer(false)}
                  sx={item === group ? undefined : { pl: 6 }}
                >
                  <ListItemText primary={item.title} slotProps={{ primary: { sx: { fontWeight: item === group ? 600 : undefined } } }} />
                </ListItemButton>
              ))}
            </List>
          ))}
        </Box>
        {menuExtras}
      </Drawer>
    </>
  );
}
