/** `GET /__control/records`: one clinic's agenda and patients in the API's own shapes (spec 2),
 * so the control API shows no field the API never returns. @module */
import type { ReferenceServer } from '../server/create.ts';
import { contextOf } from '../server/invariants.ts';
import { appointmentView, patientView, professionalView } from '../server/views.ts';

/** The clinics that hold state, the clinic's professionals, appointments by start, patients. */
export function recordsView(api: ReferenceServer, clinicId: number) {
  const { store } = contextOf(api);
  // Reading must not create the clinic, as `store.clinic(id)` would.
  const clinic = store.clinics.get(clinicId);
  const appointments = clinic ? [...clinic.appointments.ordered] : [];
  appointments.sort((a, b) => a.start_at - b.start_at);
  return {
    clinic: clinicId,
    clinics: [...store.clinics.keys()].sort((a, b) => a - b),
    professionals: clinic ? clinic.professionals.ordered.map(professionalView) : [],
    appointments: clinic ? appointments.map((a) => appointmentView(clinic, a)) : [],
    patients: clinic ? clinic.patients.ordered.map(patientView) : [],
  };
}
