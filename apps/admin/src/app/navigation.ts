import { MENU_AREAS, PATH, type RouteEntry, SECTIONS } from '@/shared/routes/table';

export type RouteTable = Readonly<Record<string, RouteEntry>>;

/** One breadcrumb: a link when it names a page. */
export interface Crumb {
  label: string;
  path?: string;
}

/** What a generated route carries for the frame around it. */
export interface RouteHandle {
  crumbs: Crumb[];
}

/** 工作台, then the page or section of each shorter prefix of the path, then the page itself. */
export function crumbsOf(table: RouteTable, entry: RouteEntry): Crumb[] {
  const home = { label: table.home?.label ?? '工作台', path: PATH.home };
  if (entry.path === PATH.home) return [{ label: home.label }];
  const byPath = new Map(Object.values(table).map((r) => [r.path, r]));
  const segments = entry.path.split('/').filter(Boolean);
  const between = segments.slice(0, -1).flatMap((_, i): Crumb[] => {
    const prefix = `/${segments.slice(0, i + 1).join('/')}`;
    const page = byPath.get(prefix);
    if (page) return [{ label: page.label, path: prefix }];
    const section = SECTIONS[prefix];
    return section ? [{ label: section }] : [];
  });
  return [home, ...between, { label: entry.label }];
}

/** The left menu: its groups in order, each with the entries the operator's role may open. */
export function menuOf(table: RouteTable, can: (entry: RouteEntry) => boolean) {
  const entries = Object.values(table).filter((r) => r.menu && can(r));
  return MENU_AREAS.map((area) => ({ area, entries: entries.filter((r) => r.menu?.area === area) })).filter(
    (group) => group.entries.length > 0,
  );
}
