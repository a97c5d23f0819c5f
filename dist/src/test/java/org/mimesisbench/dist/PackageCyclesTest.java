package org.mimesisbench.dist;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * No two packages of the product (every module the jar holds) need each other, directly or through
 * others: a package can be read and changed knowing only those below it.
 */
class PackageCyclesTest {
  private static final JavaClasses PRODUCT =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("org.mimesisbench");

  @Test
  void noPackageCycle() {
    slices().matching("org.mimesisbench.(**)").should().beFreeOfCycles().check(PRODUCT);
  }
}
