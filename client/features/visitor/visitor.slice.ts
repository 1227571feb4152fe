import type { CurrencyRate } from '#shared/api-contract/catalog.ts';
import type { DeviceClass } from '#shared/device.ts';
import type { Currency } from '#shared/regions.ts';
import type { VisitorState } from '#shared/visitor.ts';
import { createSlice, type PayloadAction } from '../../lib/slice.ts';

/** A currency's rate in roubles (GET currencies/data), refreshed in the browser. */
export type { CurrencyRate, VisitorState };

const visitorSlice = createSlice({
  name: 'visitor',
  initialState: null as unknown as VisitorState & { rates?: CurrencyRate[] },
  reducers: {
    /** docs/product.md §13: the rates every 5 minutes (a failed refresh keeps the last, docs/product.md §12) */
    ratesLoaded(state, action: PayloadAction<CurrencyRate[]>) {
      state.rates = action.payload;
    },
    currencyChanged(state, action: PayloadAction<Currency>) {
      state.currency = action.payload;
    },
    deviceClassMeasured(state, action: PayloadAction<DeviceClass>) {
      state.deviceClass = action.payload;
    },
  },
});

export const { currencyChanged, deviceClassMeasured } = visitorSlice.actions;
export const visitorReducer = visitorSlice.reducer;

/** The site's public origin (canonical links, shareable links). */
export {
  // the same action as the slice's `ratesLoaded` case (lib/app-state.ts: other features send it)
  ratesLoaded,
  selectCurrency,
  selectHiddenServicePages,
  selectMetaRestricted,
  selectPublicUrl,
  selectRates,
  selectRegion,
  selectSocialProviders,
  selectVisitor,
} from '../../lib/app-state.ts';
