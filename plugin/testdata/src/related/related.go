package related // want "a finding"
