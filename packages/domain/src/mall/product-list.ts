/** The product list pages by 20. */
export const PRODUCT_LIST_PAGE_SIZE = 20 as const;
