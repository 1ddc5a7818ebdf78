import { type IconName, Icons, IconSize } from '@blueprintjs/icons';
import i16_arrow_left from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-left';
import i20_arrow_left from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-left';
import i16_arrow_up from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-up';
import i20_arrow_up from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-up';
import i16_bold from '@blueprintjs/icons/lib/esm/generated/16px/paths/bold';
import i20_bold from '@blueprintjs/icons/lib/esm/generated/20px/paths/bold';
import i16_caret_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import i20_caret_down from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down';
import i16_caret_right from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-right';
import i20_caret_right from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-right';
import i16_chevron_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down';
import i20_chevron_down from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-down';
import i16_chevron_right from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import i20_chevron_right from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right';
import i16_chevron_up from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up';
import i20_chevron_up from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-up';
import i16_clean from '@blueprintjs/icons/lib/esm/generated/16px/paths/clean';
import i20_clean from '@blueprintjs/icons/lib/esm/generated/20px/paths/clean';
import i16_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import i20_cross from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import i16_double_caret_vertical from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical';
import i20_double_caret_vertical from '@blueprintjs/icons/lib/esm/generated/20px/paths/double-caret-vertical';
import i16_edit from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import i20_edit from '@blueprintjs/icons/lib/esm/generated/20px/paths/edit';
import i16_eraser from '@blueprintjs/icons/lib/esm/generated/16px/paths/eraser';
import i20_eraser from '@blueprintjs/icons/lib/esm/generated/20px/paths/eraser';
import i16_error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import i20_error from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import i16_flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash';
import i20_flash from '@blueprintjs/icons/lib/esm/generated/20px/paths/flash';
import i16_floppy_disk from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk';
import i20_floppy_disk from '@blueprintjs/icons/lib/esm/generated/20px/paths/floppy-disk';
import i16_home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import i20_home from '@blueprintjs/icons/lib/esm/generated/20px/paths/home';
import i16_info_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import i20_info_sign from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import i16_lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import i20_lock from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import i16_log_out from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import i20_log_out from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import i16_menu from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import i20_menu from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu';
import i16_moon from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon';
import i20_moon from '@blueprintjs/icons/lib/esm/generated/20px/paths/moon';
import i16_refresh from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import i20_refresh from '@blueprintjs/icons/lib/esm/generated/20px/paths/refresh';
import i16_settings from '@blueprintjs/icons/lib/esm/generated/16px/paths/settings';
import i20_settings from '@blueprintjs/icons/lib/esm/generated/20px/paths/settings';
import i16_shield from '@blueprintjs/icons/lib/esm/generated/16px/paths/shield';
import i20_shield from '@blueprintjs/icons/lib/esm/generated/20px/paths/shield';
import i16_small_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross';
import i20_small_cross from '@blueprintjs/icons/lib/esm/generated/20px/paths/small-cross';
import i16_star from '@blueprintjs/icons/lib/esm/generated/16px/paths/star';
import i20_star from '@blueprintjs/icons/lib/esm/generated/20px/paths/star';
import i16_tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import i20_tick from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick';
import i16_tick_circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import i20_tick_circle from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import i16_undo from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo';
import i20_undo from '@blueprintjs/icons/lib/esm/generated/20px/paths/undo';
import i16_user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import i20_user from '@blueprintjs/icons/lib/esm/generated/20px/paths/user';
import i16_warning_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';
import i20_warning_sign from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';

import i16_lightbulb from '@blueprintjs/icons/lib/esm/generated/16px/paths/lightbulb';
import i20_lightbulb from '@blueprintjs/icons/lib/esm/generated/20px/paths/lightbulb';
import i16_map from '@blueprintjs/icons/lib/esm/generated/16px/paths/map';
import i20_map from '@blueprintjs/icons/lib/esm/generated/20px/paths/map';
import i16_flag from '@blueprintjs/icons/lib/esm/generated/16px/paths/flag';
import i20_flag from '@blueprintjs/icons/lib/esm/generated/20px/paths/flag';
import i16_help from '@blueprintjs/icons/lib/esm/generated/16px/paths/help';
import i20_help from '@blueprintjs/icons/lib/esm/generated/20px/paths/help';
import i16_time from '@blueprintjs/icons/lib/esm/generated/16px/paths/time';
import i20_time from '@blueprintjs/icons/lib/esm/generated/20px/paths/time';
import i16_history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import i20_history from '@blueprintjs/icons/lib/esm/generated/20px/paths/history';
import i16_calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import i20_calendar from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar';
/**
 * The icons this app uses, bundled statically (a few KB) instead of Blueprint's default loader, which
 * fetches the whole icon set. Anything not listed still loads on demand from the full set.
 */
const paths16: Partial<Record<IconName, string[]>> = {
  'lightbulb': i16_lightbulb,
  'map': i16_map,
  'flag': i16_flag,
  'help': i16_help,
  'time': i16_time,
  'history': i16_history,
  'calendar': i16_calendar,
  'arrow-left': i16_arrow_left,
  'arrow-up': i16_arrow_up,
  'bold': i16_bold,
  'caret-down': i16_caret_down,
  'caret-right': i16_caret_right,
  'chevron-down': i16_chevron_down,
  'chevron-right': i16_chevron_right,
  'chevron-up': i16_chevron_up,
  'clean': i16_clean,
  'cross': i16_cross,
  'double-caret-vertical': i16_double_caret_vertical,
  'edit': i16_edit,
  'eraser': i16_eraser,
  'error': i16_error,
  'flash': i16_flash,
  'floppy-disk': i16_floppy_disk,
  'home': i16_home,
  'info-sign': i16_info_sign,
  'lock': i16_lock,
  'log-out': i16_log_out,
  'menu': i16_menu,
  'moon': i16_moon,
  'refresh': i16_refresh,
  'settings': i16_settings,
  'shield': i16_shield,
  'small-cross': i16_small_cross,
  'star': i16_star,
  'tick': i16_tick,
  'tick-circle': i16_tick_circle,
  'undo': i16_undo,
  'user': i16_user,
  'warning-sign': i16_warning_sign,
};
const paths20: Partial<Record<IconName, string[]>> = {
  'lightbulb': i20_lightbulb,
  'map': i20_map,
  'flag': i20_flag,
  'help': i20_help,
  'time': i20_time,
  'history': i20_history,
  'calendar': i20_calendar,
  'arrow-left': i20_arrow_left,
  'arrow-up': i20_arrow_up,
  'bold': i20_bold,
  'caret-down': i20_caret_down,
  'caret-right': i20_caret_right,
  'chevron-down': i20_chevron_down,
  'chevron-right': i20_chevron_right,
  'chevron-up': i20_chevron_up,
  'clean': i20_clean,
  'cross': i20_cross,
  'double-caret-vertical': i20_double_caret_vertical,
  'edit': i20_edit,
  'eraser': i20_eraser,
  'error': i20_error,
  'flash': i20_flash,
  'floppy-disk': i20_floppy_disk,
  'home': i20_home,
  'info-sign': i20_info_sign,
  'lock': i20_lock,
  'log-out': i20_log_out,
  'menu': i20_menu,
  'moon': i20_moon,
  'refresh': i20_refresh,
  'settings': i20_settings,
  'shield': i20_shield,
  'small-cross': i20_small_cross,
  'star': i20_star,
  'tick': i20_tick,
  'tick-circle': i20_tick_circle,
  'undo': i20_undo,
  'user': i20_user,
  'warning-sign': i20_warning_sign,
};

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** Resolves once the listed icons are loaded (at once: they are in the bundle). */
export function installIconLoader(): Promise<void> {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const known = (size === IconSize.STANDARD ? paths16 : paths20)[name];
      if (known) return known;
      const all = (size === IconSize.STANDARD
        ? await import('@blueprintjs/icons/lib/esm/generated/16px/paths')
        : await import('@blueprintjs/icons/lib/esm/generated/20px/paths')) as unknown as Record<string, string[]>;
      return all[pascal(name)] ?? [];
    },
  });
  // Warm the cache so the first paint of buttons and menus has its icons (and a prerendered
  // page, rendered once this has resolved, has the same SVGs the browser's first render has).
  return Icons.load(Object.keys(paths16) as IconName[], IconSize.STANDARD);
}
