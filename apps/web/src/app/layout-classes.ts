/**
 * The page's main element: at least a screen tall below the header (h-16 and its 1px border), so the
 * footer starts below the fold while a page's data loads and never moves into view as the content settles
 * (layout shift). Shared by the app's layout and the HTML prerendered for the first paint.
 */
export const MAIN_CLASS = 'min-h-[calc(100dvh-65px)] flex-1';
