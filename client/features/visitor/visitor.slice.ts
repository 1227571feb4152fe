import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DeviceClass } from '../../../shared/device.ts';
import type { Currency } from '../../../shared/regions.ts';
import type { VisitorState } from '../../../shared/visitor.ts';

export type { VisitorState };

const visitorSlice = createSlice({
  name: 'visitor',
  initialState: null as unknown as VisitorState,
  reducers: {
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
export const selectPublicUrl = (state: { visitor: VisitorState }) => state.visitor.publicUrl;
