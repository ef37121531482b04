export const tabList = 'mb-3 inline-flex gap-1 rounded-lg bg-muted p-1';
export const tabTrigger =
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';
