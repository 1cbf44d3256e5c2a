/** `api.records(clinic)`: one clinic's agenda and patients in the API's own shapes (spec 2), so
 * the control API and the console show no field the API never returns. @module */
import type { Store } from './store.ts';
import { appointmentView, patientView, professionalView } from './views.ts';

/** The clinics that hold state, and one clinic's professionals, appointments by start, patients. */
export function recordsView(store: Store, clinicId: number) {
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

/** What `api.records(clinic)` answers. */
export type ClinicRecords = ReturnType<typeof recordsView>;
