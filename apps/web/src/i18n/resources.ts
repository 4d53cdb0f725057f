import componentsEn from '../components/i18n/en-US';
import componentsZh from '../components/i18n/zh-CN';
import adminEn from './en-US/admin';
import commonEn from './en-US/common';
import errorsEn from './en-US/errors';
import shellEn from './en-US/shell';
import adminZh from './zh-CN/admin';
import commonZh from './zh-CN/common';
import errorsZh from './zh-CN/errors';
import shellZh from './zh-CN/shell';

export const NAMESPACES = ['common', 'shell', 'errors', 'admin', 'components'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  'zh-CN': { common: commonZh, shell: shellZh, errors: errorsZh, admin: adminZh, components: componentsZh },
  'en-US': { common: commonEn, shell: shellEn, errors: errorsEn, admin: adminEn, components: componentsEn },
} as const;
