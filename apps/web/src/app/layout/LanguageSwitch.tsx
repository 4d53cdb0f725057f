import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import { isLanguage, LANGUAGES } from '../../i18n/languages';

/**
 * The portal's two languages side by side, the current one selected: one click changes it. A segmented
 * control rather than a dropdown menu, which for two entries took two clicks and brought antd's menu
 * (about 22 KB compressed) into the sign-in page.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  return (
    <Segmented
      size="small"
      aria-label={t('language.switch')}
      value={isLanguage(i18n.language) ? i18n.language : 'zh-CN'}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      onChange={(language) => {
        if (isLanguage(language)) void changeLanguage(language);
      }}
    />
  );
}
