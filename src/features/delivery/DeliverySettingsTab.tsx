import ClosedDatesSection from './ClosedDatesSection.tsx';
import ScheduleSection from './ScheduleSection.tsx';
import ZonesSection from './ZonesSection.tsx';

/** The admin's Delivery settings tab (D31, D36): zones, the weekly schedule and closed dates. */
export default function DeliverySettingsTab() {
  return (
    <div className="flex flex-col gap-10">
      <ZonesSection />
      <ScheduleSection />
      <ClosedDatesSection />
    </div>
  );
}
