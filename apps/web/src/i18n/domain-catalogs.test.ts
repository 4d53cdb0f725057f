import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Format from '@cmp/domain/messages/format';
import { LANGUAGES } from './languages';
import { NAMESPACES } from './resources';

// The tests' setup loads every language; these import the i18n modules afresh, with nothing registered yet.
let format: typeof Format;
beforeEach(async () => {
  vi.resetModules();
  format = await import('@cmp/domain/messages/format');
});

describe("the domain's texts in the web", () => {
  it('should load the language asked for only', async () => {
    const { loadDomainCatalog } = await import('./domain-catalogs');

    await loadDomainCatalog('en-US');

    expect(format.formatMessage('en-US', { key: 'form.maxLength', params: { max: 8 } })).toBe(
      'Enter at most 8 characters',
    );
    expect(format.hasCatalog('zh-CN')).toBe(false);
    expect(() => format.formatMessage('zh-CN', { key: 'form.required' })).toThrow(
      'no message catalog registered for zh-CN',
    );
  });

  it('should come with any namespace of the language', async () => {
    const { loadCatalog } = await import('./resources');

    await loadCatalog('en-US', 'shell');

    expect(format.hasCatalog('en-US')).toBe(true);
    expect(format.hasCatalog('zh-CN')).toBe(false);
  });

  // A catalog that lists enumeration labels formats them as it loads, so it must bring the domain's texts of its
  // language itself: loaded beside them (resources.ts) it may well be evaluated first.
  it.each(LANGUAGES.flatMap((lng) => NAMESPACES.map((ns) => [lng, ns] as const)))(
    'should load the %s %s catalog on its own',
    async (language, namespace) => {
      const loaded =
        namespace === 'components'
          ? import(`../components/i18n/${language}.ts`)
          : import(`./${language}/${namespace}.ts`);

      await expect(loaded).resolves.toHaveProperty('default');
      expect(format.hasCatalog(language === 'zh-CN' ? 'en-US' : 'zh-CN')).toBe(false);
    },
  );

  it('should list labels as texts, not keys', async () => {
    const { default: roadBooks } = await import('./zh-CN/roadBooks');

    const labels = Object.values(roadBooks.resourceType as Record<string, string>);
    expect(labels).toContain('充电站');
    for (const label of labels) expect(format.isMessageKey(label), label).toBe(false);
  });
});
