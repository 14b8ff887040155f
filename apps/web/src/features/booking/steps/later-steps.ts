/**
 * Steps 2 and 3 (flights, extras, rooms, additional nights) as one chunk:
 * /book shows step 1 first, and a visitor downloads these only once past the
 * participants (components/step-body.tsx; issue 15's byte budget of /book).
 */
export { AdditionalNightsStep } from './additional-nights/additional-nights-step.tsx';
export { ExtrasStep } from './extras/extras-step.tsx';
export { FlightsStep } from './flights/flights-step.tsx';
export { RoomsStep } from './rooms/rooms-step.tsx';
