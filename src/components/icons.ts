/**
 * The lucide icons the Astro markup draws (CONTRIBUTING: icons are inline SVG drawn on the server),
 * as Astro components that render each distinct use once per process. A lucide-react icon placed in
 * an .astro file is otherwise a React render of its own at every page render (a stream, its reader,
 * and a decoder for one <svg>): 27 of them on an article page, 71 on the home page, most of what a
 * cache miss cost the event loop after the database. The markup is React's own (renderToStaticMarkup
 * of the same element, once), without the `class` prop, which Astro's React renderer drops too: the
 * bytes are the same. React islands keep importing lucide-react.
 */
import { createComponent, render, unescapeHTML } from 'astro/compiler-runtime';
import {
  ArrowLeft as ArrowLeftIcon,
  Bell as BellIcon,
  Calendar as CalendarIcon,
  ChevronDown as ChevronDownIcon,
  Clock as ClockIcon,
  Disc3 as Disc3Icon,
  Eye as EyeIcon,
  FilePen as FilePenIcon,
  Flame as FlameIcon,
  Folder as FolderIcon,
  Heart as HeartIcon,
  Hourglass as HourglassIcon,
  ListTodo as ListTodoIcon,
  LogOut as LogOutIcon,
  type LucideProps,
  Menu as MenuIcon,
  MessageCircle as MessageCircleIcon,
  Moon as MoonIcon,
  Palette as PaletteIcon,
  Pin as PinIcon,
  Rss as RssIcon,
  Search as SearchIcon,
  Sun as SunIcon,
  Tag as TagIcon,
  ThumbsUp as ThumbsUpIcon,
  Type as TypeIcon,
  User as UserIcon,
  UserRound as UserRoundIcon,
  X as XIcon,
} from 'lucide-react';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** Distinct uses kept per icon (the uses are written in the templates: a handful each). */
const MAX_USES = 32;

type IconProps = LucideProps & { class?: string };
type AstroIcon = (props: IconProps) => unknown;

function staticIcon(icon: ComponentType<LucideProps>): AstroIcon {
  const drawn = new Map<string, string>();
  const component = createComponent((_result: unknown, props: IconProps) => {
    const { class: _dropped, ...rest } = props;
    const key = JSON.stringify(rest);
    let html = drawn.get(key);
    if (html === undefined) {
      html = renderToStaticMarkup(createElement(icon, rest));
      if (drawn.size < MAX_USES) drawn.set(key, html);
    }
    return render`${unescapeHTML(html)}`;
  });
  return component as unknown as AstroIcon;
}

export const ArrowLeft = staticIcon(ArrowLeftIcon);
export const Bell = staticIcon(BellIcon);
export const Calendar = staticIcon(CalendarIcon);
export const ChevronDown = staticIcon(ChevronDownIcon);
export const Clock = staticIcon(ClockIcon);
export const Disc3 = staticIcon(Disc3Icon);
export const Eye = staticIcon(EyeIcon);
export const FilePen = staticIcon(FilePenIcon);
export const Flame = staticIcon(FlameIcon);
export const Folder = staticIcon(FolderIcon);
export const Heart = staticIcon(HeartIcon);
export const Hourglass = staticIcon(HourglassIcon);
export const ListTodo = staticIcon(ListTodoIcon);
export const LogOut = staticIcon(LogOutIcon);
export const MessageCircle = staticIcon(MessageCircleIcon);
export const Menu = staticIcon(MenuIcon);
export const Moon = staticIcon(MoonIcon);
export const Palette = staticIcon(PaletteIcon);
export const Pin = staticIcon(PinIcon);
export const Rss = staticIcon(RssIcon);
export const Search = staticIcon(SearchIcon);
export const Sun = staticIcon(SunIcon);
export const Tag = staticIcon(TagIcon);
export const ThumbsUp = staticIcon(ThumbsUpIcon);
export const Type = staticIcon(TypeIcon);
export const User = staticIcon(UserIcon);
export const UserRound = staticIcon(UserRoundIcon);
export const X = staticIcon(XIcon);
