import { describe, expect, it } from 'vitest';
import { AREA_GROUPS, PORTAL_AREAS } from '../app/areas';
import { i18n } from '.';
import { LANGUAGES } from './languages';
import { loadAllResources, NAMESPACES } from './resources';

const keysOf = (catalog: object, prefix = ''): string[] =>
  Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '');

const resources = await loadAllResources();

/** Texts whose languages say a figure each their own way, from the same values the code passes. */
const OWN_FIGURES: Record<string, string> = {
  // Chinese says a discount in 折 (8.5折), English as the share taken off (15% off).
  'coupons:common.discount': 'zhe in Chinese, off in English',
};

describe('message catalogs', () => {
  it.each(NAMESPACES)('should define the same keys in every language for namespace %s', (ns) => {
    const [first, ...others] = LANGUAGES.map((lng) => keysOf(resources[lng][ns]).sort());
    for (const keys of others) expect(keys).toEqual(first);
  });

  it.each(NAMESPACES)('should use the same placeholders in every language for namespace %s', (ns) => {
    const zh = resources['zh-CN'][ns] as object;
    for (const key of keysOf(zh)) {
      if (OWN_FIGURES[`${ns}:${key}`]) continue;
      const texts = LANGUAGES.map((lng) => String(i18n.getResource(lng, ns, key)));
      for (const text of texts)
        expect(placeholders(text).sort(), key).toEqual(placeholders(texts[0] ?? '').sort());
    }
  });

  it('should have no empty text', () => {
    for (const lng of LANGUAGES) {
      for (const ns of NAMESPACES) {
        for (const key of keysOf(resources[lng][ns]))
          expect(i18n.getResource(lng, ns, key), `${lng} ${ns}:${key}`).not.toBe('');
      }
    }
  });

  it('should name every area and menu group of the portal', () => {
    for (const lng of LANGUAGES) {
      for (const area of PORTAL_AREAS)
        expect(i18n.exists(`shell:area.${area.key}`, { lng }), area.key).toBe(true);
      for (const group of AREA_GROUPS) expect(i18n.exists(`shell:group.${group}`, { lng }), group).toBe(true);
    }
  });
});
