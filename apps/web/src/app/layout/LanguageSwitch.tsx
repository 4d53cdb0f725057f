import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import { isLanguage, LANGUAGES } from '../../i18n/languages';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language.switch')}>
        {t(`language.${isLanguage(i18n.language) ? i18n.language : 'zh-CN'}`)}
      </Button>
    </Dropdown>
  );
}
