/** `api.records(clinic)`: one clinic's agenda and patients in the API's own shapes (spec 2), so
 * the control API and the console show no field the API never returns. @module */
import type { Appointment } from '../../schemas/appointments.ts';
import type { Patient } from '../../schemas/patients.ts';
import type { Professional } from '../../schemas/professionals.ts';
import type { Store } from './store.ts';
import { appointmentView, patientView, professionalView } from './views.ts';

/** What `api.records(clinic)` answers: the records in the shapes of spec 2. */
export interface ClinicRecords {
  /** The clinic read. */
  readonly clinic: number;
  /** The ids of every clinic that holds state. */
  readonly clinics: number[];
  /** The clinic's professionals (spec 2.3). */
  readonly professionals: Professional[];
  /** The clinic's appointments by `start_at` (spec 2.1). */
  readonly appointments: Appointment[];
  /** The clinic's patients, without write-only fields (spec 2.2). */
  readonly patients: Patient[];
}

/** The clinics that hold state, and one clinic's professionals, appointments by start, patients. */
export function recordsView(store: Store, clinicId: number): ClinicRecords {
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
