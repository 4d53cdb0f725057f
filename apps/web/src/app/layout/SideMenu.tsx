import type { ReactNode } from 'react';
import { Menu } from 'antd';
import {
  CarOutlined,
  CommentOutlined,
  DesktopOutlined,
  GiftOutlined,
  HomeOutlined,
  NotificationOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Tenant } from '@cmp/domain';
import { menuFor, type AreaGroup, type PortalArea } from '../areas';
import { pathInTenant, tenantPath } from '../paths';
import { useCurrentUser } from '../session/current-user';
import { prefetchScreen } from './prefetch-screens';

const GROUP_ICONS: Record<AreaGroup, ReactNode> = {
  resources: <ThunderboltOutlined />,
  comments: <CommentOutlined />,
  trips: <CarOutlined />,
  accounts: <TeamOutlined />,
  activities: <GiftOutlined />,
  coupons: <TagsOutlined />,
  content: <NotificationOutlined />,
  community: <UsergroupAddOutlined />,
  mall: <ShopOutlined />,
  devices: <DesktopOutlined />,
  system: <SettingOutlined />,
};

const TOP_ICONS: Record<string, ReactNode> = { home: <HomeOutlined /> };

/** A group's menu key: a group may share its name with one of its areas (the comments group and list). */
const groupKey = (group: AreaGroup) => `group:${group}`;

/** The area the page belongs to: the longest area path that the page path starts with. */
export function selectedArea(areas: readonly PortalArea[], relative: string): PortalArea | undefined {
  return areas
    .filter((a) => relative === a.path || (a.path !== '' && relative.startsWith(`${a.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

export function SideMenu({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = menuFor(user, tenant);
  const selected = selectedArea(
    [...menu.top, ...menu.groups.flatMap((g) => g.areas)],
    pathInTenant(pathname),
  );

  const item = (area: PortalArea) => ({
    key: area.key,
    icon: TOP_ICONS[area.key],
    label: t(`area.${area.key}`),
    onClick: () => void navigate(tenantPath(tenant, area.path)),
    // A pointer resting on an item is about to click it: its screen starts downloading now.
    onMouseEnter: () => prefetchScreen(area.key),
  });

  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected.key] : []}
      defaultOpenKeys={selected?.group ? [groupKey(selected.group)] : []}
      items={[
        ...menu.top.map(item),
        ...menu.groups.map((g) => ({
          key: groupKey(g.group),
          icon: GROUP_ICONS[g.group],
          label: t(`group.${g.group}`),
          children: g.areas.map(item),
        })),
      ]}
    />
  );
}
